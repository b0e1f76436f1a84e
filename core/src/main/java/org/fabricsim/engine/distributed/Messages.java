package org.fabricsim.engine.distributed;

/**
 * The control messages of a distributed run (the data travels in {@link EventBatch}es). Actor references
 * travel as strings ({@code ActorRefResolver} format), so that Kryo only ever sees plain data.
 */
final class Messages {
    private Messages() {
    }

    /** Coordinator → member: build LP {@code lp} of the run from {@code spec}. */
    record CreateLp(long runId, String version, int lp, int parts, int[] partOf, long endPs, ModelSpec spec,
            String coordinator) implements WireMessage {
    }

    /** LP → coordinator: built and listening at {@code ref}. */
    record LpCreated(long runId, int lp, String ref) implements WireMessage {
    }

    /** Coordinator → LPs: where every LP is (index = LP); run. */
    record Start(long runId, String[] lps) implements WireMessage {
    }

    /** LP → coordinator: its safe time passed another hundredth of the end time (progress). */
    record Reached(long runId, int lp, long reachedPs) implements WireMessage {
    }

    /**
     * LP → coordinator: a piece of the LP's result, Kryo-encoded and cut into pieces that fit a frame
     * whatever the size of the network (a part's metrics can be tens of megabytes); they precede its
     * {@link LpDone}.
     */
    record ResultChunk(long runId, int lp, byte[] bytes) implements WireMessage {
    }

    /** LP → coordinator: reached the end time; its result went ahead in {@code resultChunks} pieces. */
    record LpDone(long runId, int lp, long events, long realMessagesSent, long nullMessagesSent, long batchesSent,
            long steps, long latencyNanos, long batchesReceived, long busyNanos, long reachedEndNanos,
            long minLookaheadPs, int resultChunks) implements WireMessage {
    }

    /** LP → itself: go on with the next stride of safe events (after the messages already waiting). */
    record Continue() implements WireMessage {
        static final Continue INSTANCE = new Continue();
    }

    /** Coordinator → LPs: the run is over (every LP reported); stop. */
    record Stop(long runId) implements WireMessage {
    }

    /** Anyone → coordinator, coordinator → LPs: the run cannot finish, and why. */
    record Abort(long runId, String reason) implements WireMessage {
    }
}
