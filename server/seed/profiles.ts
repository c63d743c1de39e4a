/** The seed's one way into the profile domain (its public module). */
export { rebuildAccountProfiles } from '../profile';
