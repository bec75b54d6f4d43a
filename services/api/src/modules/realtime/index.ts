/**
 * The realtime module's public face: other modules and the composition import these from here,
 * never another file of this folder. Its websocket route is routes.ts (registered by app.ts).
 */
export { default as realtimePlugin } from './realtime.plugin.ts';
