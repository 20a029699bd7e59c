// One free-port helper for the whole project; the browser tests import it from here too.
export { freePorts } from '../../../devstack/ports.ts';
