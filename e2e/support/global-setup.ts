import { Stack } from './stack';

export default async function globalSetup() {
  const stack = new Stack();
  try {
    await stack.start();
  } catch (error) {
    // Leave nothing running when the stack cannot start (a port taken, a build missing).
    await stack.stop();
    throw error;
  }
  return async () => {
    await stack.stop();
  };
}
