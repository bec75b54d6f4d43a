/**
 * The content module's subscribers (subscribed by bootstrap/background-work.ts):
 * `content-texts-follow-settings` rewrites the default texts the owner has not edited when a
 * setting they state changes (free shipping, PIX discount, contact, the new-PIX window; store-rules.ts). Idempotent: a
 * second run finds the texts already in step and writes nothing.
 */
import { STORE_SETTINGS_CHANGED } from '@prata/contracts';
import { subscriber, type ModuleSubscriber } from '../../jobs/module-tasks.ts';
import { followStoreRules } from './store-rules.ts';

export const contentSubscribers: ModuleSubscriber[] = [
  subscriber({
    name: 'content-texts-follow-settings',
    event: STORE_SETTINGS_CHANGED,
    handle: async (app, event) => {
      if (event.payload.setting === 'low-stock') return;
      const rewritten = await followStoreRules(app);
      if (rewritten.length > 0) app.log.info({ sections: rewritten }, 'default content texts rewritten to the store settings');
    },
  }),
];
