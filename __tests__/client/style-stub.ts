// Style imports have no meaning in jsdom.
export default {};
