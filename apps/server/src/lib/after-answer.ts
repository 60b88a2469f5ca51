import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work started once the answer has gone out (its duration must not show in the answer's timing). */
    afterAnswer: AfterAnswer;
  }
}

export interface AfterAnswer {
  run: (log: FastifyBaseLogger, task: () => Promise<void>) => void;
  /** Resolves when every task started so far has finished (tests, and closing the server). */
  settled: () => Promise<void>;
}

/**
 * Work a call does after answering, e.g. the password-reset request's lookup and mail (its answer takes the
 * same time whether or not the e-mail has an account). A failure is logged; closing the server waits for the rest.
 */
export function registerAfterAnswer(app: FastifyInstance): void {
  const pending = new Set<Promise<void>>();
  const afterAnswer: AfterAnswer = {
    run: (log, task) => {
      const done = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err }, 'work after the answer failed'))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    settled: async () => {
      while (pending.size) await Promise.all(pending);
    },
  };
  app.decorate('afterAnswer', afterAnswer);
  app.addHook('onClose', () => afterAnswer.settled());
}
