// A PDF thread's entry. Plain JavaScript, so that the thread can load the modules' TypeScript through tsx,
// as the server itself does (a worker does not take the loader the process was started with).
import { register } from 'tsx/esm/api';

register();
const { drawJob } = await import('./draw.ts');
export default drawJob;
