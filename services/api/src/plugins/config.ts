/** Config plugin: decorates `app.config` with the validated {@link AppConfig}. */
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);
