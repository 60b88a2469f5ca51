/** The transports module's service: what its routes and other modules call. */

export { createTransport } from './create.js';
export { decideTransport } from './decide.js';
export { setTransportDelivered } from './deliver.js';
export { getLastFreight } from './last-freight.js';
export {
  getTransportDetails,
  getTransportFilterOptions,
  listPurchasesToReallocate,
  listSalesToReallocate,
  listTransportFilterOptions,
  listTransports,
} from './read.js';
export { reallocateTransport } from './reallocate.js';
export { removeTransport } from './remove.js';
export { loadTransport } from './response.js';
export { canBeSetOnTheWay, updateTransportStatus } from './status.js';
export { updateTransport } from './update.js';
export { listVehicleClashes } from './vehicle-clashes.js';
