import { canceledError } from './errors';

/**
 * A pull queue for bindings whose native side pushes events: `next()` resolves with
 * the next item; `fail()` makes pending and later calls reject (close → canceled,
 * anything else → the device or service is gone). Keeps ./nfc/binding's rules in one place.
 */
export class EventQueue<T> {
  readonly #items: T[] = [];
  #waiter: { resolve(item: T): void; reject(error: Error): void } | undefined;
  #error: Error | undefined;

  get failed(): boolean {
    return this.#error !== undefined;
  }

  push(item: T): void {
    if (this.#error) return;
    if (this.#waiter) {
      this.#waiter.resolve(item);
      this.#waiter = undefined;
    } else this.#items.push(item);
  }

  fail(error: Error): void {
    if (this.#error) return;
    this.#error = error;
    this.#waiter?.reject(error);
    this.#waiter = undefined;
  }

  cancel(what: string): void {
    this.fail(canceledError(what));
  }

  next(): Promise<T> {
    if (this.#items.length > 0) return Promise.resolve(this.#items.shift() as T);
    if (this.#error) return Promise.reject(this.#error);
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }
}
