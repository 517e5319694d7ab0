export { startSandbox, type RunningSandbox } from './start';
