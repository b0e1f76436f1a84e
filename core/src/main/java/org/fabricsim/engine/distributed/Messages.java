package org.fabricsim.engine.distributed;

/**
 * The control messages of a distributed run (the data travels in {@link EventBatch}es). Actor references
 * travel as strings ({@code ActorRefResolver} format), so that Kryo only ever sees plain data.
 */
final class Messages {
    private Messages() {
    }

    /**
     * Coordinator → member: build LP {@code lp} of the run from {@code spec} (with the global bound or not);
     * {@code channelToken} ≠ 0: batches to LPs on other members go over {@link DirectChannels}, which greet
     * with this token.
     */
    record CreateLp(long runId, String version, int lp, int parts, int[] partOf, long endPs, ModelSpec spec,
            String coordinator, boolean globalBound, long channelToken) implements WireMessage {
    }

    /** LP → coordinator: built and listening at {@code ref}, and for direct channels at {@code channel} (or ""). */
    record LpCreated(long runId, int lp, String ref, String channel) implements WireMessage {
    }

    /** Coordinator → LPs: where every LP is (index = LP), and its direct channels' address (or ""); run. */
    record Start(long runId, String[] lps, String[] channels) implements WireMessage {
    }

    /** A reader of {@link DirectChannels} → its LP: the channel from LP {@code from} broke mid-run, and how. */
    record ChannelLost(long runId, int from, int to, String reason) implements WireMessage {
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

    /**
     * LP → coordinator: reached the end time; its result went ahead in {@code resultChunks} pieces;
     * {@code directBatches} of its batches went over {@link DirectChannels}.
     */
    record LpDone(long runId, int lp, long events, long realMessagesSent, long nullMessagesSent, long batchesSent,
            long steps, long latencyNanos, long batchesReceived, long busyNanos, long reachedEndNanos,
            long minLookaheadPs, int resultChunks, long directBatches) implements WireMessage {
    }

    /** LP → itself: go on with the next stride of safe events (after the messages already waiting). */
    record Continue() implements WireMessage {
        static final Continue INSTANCE = new Continue();
    }

    /** LP → itself: read the direct channels (D203), waiting for them when nothing else is to be done. */
    record Poll() implements WireMessage {
        static final Poll INSTANCE = new Poll();
    }

    /** LP → coordinator: blocked before a long idle stretch; asks for a wave of the global bound. */
    record Idle(long runId, int lp) implements WireMessage {
    }

    /**
     * Coordinator → an LP: report your snapshot for the global bound ({@link GlobalBound}); {@code since[j]}:
     * the batches LP j had received from you at its last snapshot.
     */
    record BoundRequest(long runId, long wave, long[] since) implements WireMessage {
    }

    /**
     * LP → coordinator: batches sent to and received from each LP so far, its next event, its lookahead to
     * each LP ({@link Long#MAX_VALUE} where no cable runs), and per LP the earliest event among the batches sent
     * to it from {@code since} on ({@link Long#MAX_VALUE}: none).
     */
    record BoundReport(long runId, long wave, int lp, long[] sent, long[] received, long next, long[] lookahead,
            long[] inFlight) implements WireMessage {
    }

    /** Coordinator → an LP: every event still to arrive there is at or after {@code floorPs}. */
    record BoundFloor(long runId, long wave, long floorPs) implements WireMessage {
    }

    /** Coordinator → LPs: the run is over (every LP reported); stop. */
    record Stop(long runId) implements WireMessage {
    }

    /** Anyone → coordinator, coordinator → LPs: the run cannot finish, and why. */
    record Abort(long runId, String reason) implements WireMessage {
    }
}
