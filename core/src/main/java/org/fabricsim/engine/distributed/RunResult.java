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
 * @param wallNanos wall time from start to the last LP's report
 * @param steps times LPs ran what was safe (each ends with its batches and promises sent)
 * @param meanMessageLatencyNanos mean wall time from a batch's send to its receipt
 */
public record RunResult(WireMessage result, int parts, long events, long realMessages, long nullMessages,
        long batches, long wallNanos, long steps, double meanMessageLatencyNanos) {

    /** Null messages per cross-LP event (the protocol's overhead). */
    public double nullPerReal() {
        return realMessages == 0 ? nullMessages : nullMessages / (double) realMessages;
    }
}
