import { Stack } from './stack';

export default async function globalSetup() {
  const stack = new Stack();
  await stack.start();
  return async () => {
    await stack.stop();
  };
}
