/**
 * What other rooms may use of the visits (eslint.config.js serverDoors, decision 0038): the
 * feature to register, the desk's type the inbox offers windows through, the agenda's defaults.
 */
export { visitsFeature } from "./feature.ts";
export type { VisitDesk, VisitWindow, VisitAccess, VisitProperty } from "./visit-desk.ts";
export { defaultAvailability, type Availability } from "./agenda.ts";
