// Start-up in steps, each in a task of its own: evaluating all of the page's code at once is the
// longest task of a first visit (hundreds of milliseconds on a slow phone), during which a tap
// would wait. The host provides its start-up singletons eagerly (see @atrium/federation/rsbuild),
// so every step's code is already loaded: the imports below only evaluate it.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@atrium/ui');
  await nextTask();
  await Promise.all([
    import(/* webpackMode: "eager" */ '@atrium/graphql-client'),
    import(/* webpackMode: "eager" */ '@atrium/navigation'),
  ]);
  await nextTask();
  await import(/* webpackMode: "eager" */ './bootstrap');
}

void start();
