import type { CdpPipe } from './cdp.js'

/**
 * What a page has scheduled to run later: its timers, intervals, animation frames and idle
 * callbacks, counted by a part of the page hook (page-hook.ts) so that the pass can ask, once a
 * page has had no request open for a moment, whether it has work due soon. A page with none has
 * settled without waiting out the whole quiet window; a page with some (a poll, a deferred fetch)
 * is waited for as before. The answer comes from the page's own world, which the page could
 * tamper with: at worst it cuts its own visit short, as a page that waits longer already can;
 * nothing of the containment depends on it.
 */

/**
 * The part of the hook that counts what is scheduled, under a name no page can know in advance.
 * It defines `globalThis[name](withinMs)`, true while an animation frame or idle callback is
 * pending or a timer is due within `withinMs`, in this frame or a frame of the same origin in it.
 */
export function timersSource(name: string): string {
  const key = JSON.stringify(name)
  return `(() => {
  const clock = globalThis.performance;
  if (!clock || typeof clock.now !== 'function') return;
  const now = clock.now.bind(clock);
  const due = new Map();
  const animationFrames = new Set();
  const idleCallbacks = new Set();
  const wrapTimer = (setName, repeats) => {
    const original = globalThis[setName];
    if (typeof original !== 'function') return;
    globalThis[setName] = function (handler, delay, ...rest) {
      if (typeof handler !== 'function') return original.apply(this, arguments);
      // As the browser reads it (a WebIDL long): 2 ** 31 ms wraps to a negative delay, so runs at once.
      const ms = Math.max(0, Number(delay) | 0);
      let id;
      const run = function () {
        if (repeats) due.set(id, now() + ms);
        else due.delete(id);
        return handler.apply(this, arguments);
      };
      id = original.call(this, run, ms, ...rest);
      due.set(id, now() + ms);
      return id;
    };
  };
  const wrapClear = (clearName) => {
    const original = globalThis[clearName];
    if (typeof original !== 'function') return;
    globalThis[clearName] = function (id) {
      due.delete(Number(id));
      return original.apply(this, arguments);
    };
  };
  const wrapCallback = (requestName, cancelName, pending) => {
    const request = globalThis[requestName];
    const cancel = globalThis[cancelName];
    if (typeof request !== 'function') return;
    globalThis[requestName] = function (callback) {
      if (typeof callback !== 'function') return request.apply(this, arguments);
      let id;
      const args = [...arguments];
      args[0] = function () {
        pending.delete(id);
        return callback.apply(this, arguments);
      };
      id = request.apply(this, args);
      pending.add(id);
      return id;
    };
    if (typeof cancel === 'function')
      globalThis[cancelName] = function (id) {
        pending.delete(id);
        return cancel.apply(this, arguments);
      };
  };
  wrapTimer('setTimeout', false);
  wrapTimer('setInterval', true);
  wrapClear('clearTimeout');
  wrapClear('clearInterval');
  wrapCallback('requestAnimationFrame', 'cancelAnimationFrame', animationFrames);
  wrapCallback('requestIdleCallback', 'cancelIdleCallback', idleCallbacks);
  const children = globalThis.frames;
  Object.defineProperty(globalThis, ${key}, {
    value: (withinMs) => {
      if (animationFrames.size > 0 || idleCallbacks.size > 0) return true;
      const limit = now() + withinMs;
      for (const at of due.values()) if (at <= limit) return true;
      for (let i = 0; i < (children ? children.length : 0); i++) {
        try {
          if (children[i][${key}](withinMs) !== false) return true;
        } catch {}
      }
      return false;
    }
  });
})();`
}

/**
 * Whether the page of a tab has work due within `withinMs` (timersSource). Anything but a plain
 * "no" (the hook missing, the page gone, an answer the page forged into something else) is a yes:
 * the page is then waited for as if it had said so.
 */
export async function workDueSoon(cdp: CdpPipe, sessionId: string, name: string, withinMs: number): Promise<boolean> {
  try {
    const answer = await cdp.send<{ result?: { value?: unknown }; exceptionDetails?: unknown }>(
      'Runtime.evaluate',
      { expression: `globalThis[${JSON.stringify(name)}](${withinMs})`, returnByValue: true, silent: true },
      sessionId
    )
    return answer.exceptionDetails !== undefined || answer.result?.value !== false
  } catch {
    return true
  }
}
