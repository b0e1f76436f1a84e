package org.fabricsim.engine.distributed;

/**
 * One token passed around a ring of LPs (between two, back and forth), 100 lookaheads per hop: long stretches
 * of simulated time without any event, which promises alone cross one lookahead per exchange.
 */
final class RingToken implements LpModel {
    private final int lp;
    private final int parts;
    private long next;
    private long events;

    RingToken(int lp, int parts) {
        this.lp = lp;
        this.parts = parts;
        this.next = lp == 0 ? 0 : Long.MAX_VALUE;
    }

    @Override
    public long nextEventTime() {
        return next;
    }

    @Override
    public void runBefore(long limit, RemoteEvents out) {
        if (next < limit) {
            events++;
            out.add((lp + 1) % parts, next + 100_000, events, 0, 0);
            next = Long.MAX_VALUE;
        }
    }

    @Override
    public void receive(EventBatch batch, int index) {
        next = batch.times()[index];
    }

    @Override
    public long lookahead(int to) {
        return to == lp ? Long.MAX_VALUE : 1_000; // every LP is cabled to every other
    }

    @Override
    public long events() {
        return events;
    }

    @Override
    public WireMessage result() {
        return null;
    }
}
