// The app's stores: one slice per screen plus the session. Created once per dashboard (and per test).
export * from './clock.js';
export * from './session.js';
export * from './tokens.js';
