export { LF_SERVICE } from './lf';
export { MSB_SERVICE } from './msb';
export { NB_SERVICE } from './nb';
