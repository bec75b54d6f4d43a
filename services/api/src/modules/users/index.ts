/**
 * The users module's public face: nothing of it is used outside its folder; its routes are
 * routes.ts (registered by app.ts). What another module or the composition may use goes here.
 */
export {};
