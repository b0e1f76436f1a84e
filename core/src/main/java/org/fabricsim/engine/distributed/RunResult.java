package org.fabricsim.engine.distributed;

/**
 * What a distributed run returns: the merged model result and the engine's figures.
 *
 * @param result the LPs' results merged by the model spec
 * @param parts number of LPs
 * @param events events processed, all LPs
 * @param realMessages cross-LP events sent
 * @param nullMessages batches that carried only a promise
 * @param batches all batches sent (real and null)
 * @param wallNanos wall time from the start to the moment the last LP reached the end time (its result not
 *     yet collected)
 * @param steps times LPs ran what was safe (each ends with its batches and promises sent)
 * @param meanMessageLatencyNanos mean wall time from a batch's send to its receipt (queueing included)
 * @param busyNanos per LP, the wall time it spent processing (the rest of the run it waited)
 * @param minLookaheadPs the shortest lookahead of any channel, as the model gave it ({@link Long#MAX_VALUE}:
 *     no channel)
 * @param boundWaves waves of the global bound (3 LPs or more, {@link GlobalBound}; 0 otherwise)
 * @param directBatches batches that went straight between JVMs ({@link DirectChannels}) instead of through Artery
 */
public record RunResult(WireMessage result, int parts, long events, long realMessages, long nullMessages,
        long batches, long wallNanos, long steps, double meanMessageLatencyNanos, long[] busyNanos,
        long minLookaheadPs, long boundWaves, long directBatches) {

    /** Null messages per cross-LP event (the protocol's overhead). */
    public double nullPerReal() {
        return realMessages == 0 ? nullMessages : nullMessages / (double) realMessages;
    }
}
