import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { profileListRoute } from '../profile';

/**
 * The individual EAPI and EASI tables (`/api/report/{eapi,easi}/individual`): the profile
 * table (server/profile) filtered to the profiles that measured something of the index.
 */
const individualReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  profileListRoute(
    app,
    '/report/eapi/individual',
    'eapi',
    'A page of the EAPI table (profiles with an EAPI test)',
    'Profiles with any EAPI test measured (vertical jump, 10-yd, pro agility, 40-yd, broad jump).',
  );
  profileListRoute(
    app,
    '/report/easi/individual',
    'easi',
    'A page of the EASI table (profiles with a sprint phase)',
    'Profiles with any EASI phase measured (acceleration, transition, top speed, flying 10).',
  );
};

export default individualReportRoutes;
