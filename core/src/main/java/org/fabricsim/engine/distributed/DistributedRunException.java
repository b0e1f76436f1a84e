package org.fabricsim.engine.distributed;

/** A distributed run could not finish (a member lost, a channel broken, a mismatch); the message says why. */
public final class DistributedRunException extends RuntimeException {
    public DistributedRunException(String message) {
        super(message);
    }
}
