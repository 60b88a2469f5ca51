/** What other features use of the cargo parameters: the raw materials with their qualities and a quality's terms. */
import './i18n';

export { type RawMaterialWithQualities, useQualityParams, useRawMaterialsWithQualities } from './api';
