// Connection profiles as the renderer knows them (views with `{ configured, hint }` for secrets): a shared store,
// read by every panel that sends.
export { activeProfile, profilesLoaded, useProfilesStore } from './profilesStore'
