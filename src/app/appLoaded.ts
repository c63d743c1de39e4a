/**
 * Nothing: importing it loads the app's chunk group (`app`) and evaluates no library, so
 * that the boot script can yield between the chunks' arrival (the browser compiles each
 * file as it runs it) and the first evaluation step (src/boot.ts).
 */
export const appLoaded = true;
