export { startTestStack } from '../../../devstack/test-stack.ts';
