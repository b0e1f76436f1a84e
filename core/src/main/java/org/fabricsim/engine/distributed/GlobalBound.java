package org.fabricsim.engine.distributed;

/**
 * The coordinator's side of a global lower bound on the times of future events (LBTS) for any number of LPs,
 * beside the null messages. The coordinator asks every LP for a snapshot, taken between two of its steps
 * (when every event it created has been sent); the snapshots need not be simultaneous. LP i reports the
 * batches it has sent to and received from every LP, its next event, its lookaheads, and, per outgoing
 * channel, the earliest event among the batches the receiver may not have had yet (those from the count the
 * receiver reported in the previous wave on).
 *
 * <p>Why that bounds everything still to come: an event processed after the snapshots is (a) in some LP's
 * queue at its snapshot, at or after its next event; (b) in a batch sent before the sender's snapshot and
 * received after the receiver's (on channel {@code i -> j}, sequence numbers from what j had received to what
 * i had sent), at or after that channel's earliest in-flight event; or (c) created after a snapshot by an
 * event of (a), (b) or (c), at or after it. So every event still to come is at or after
 * {@code GVT = min(next events, in-flight events)}, and every event still to arrive at LP j at or after
 * {@code min(GVT + shortest lookahead into j, in-flight events on the channels into j)}: LP j may raise its
 * safe time to that floor, however many lookaheads of idle time it crosses (the null messages alone cross
 * one lookahead per exchange). A floor once true stays true, so it is never too late to use.
 *
 * <p>A wave starts when an LP is blocked and says so ({@link Messages.Idle}, once per wave it answered), one
 * wave at a time; an LP that says so during a wave makes the next start as soon as this one ends. Kept apart
 * from Pekko so that it is tested alone.
 */
final class GlobalBound {
    private final int parts;
    private final Messages.BoundReport[] reports;
    /** {@code received[j][i]}: batches LP j had received from LP i at its last snapshot. */
    private final long[][] received;
    private int reported;
    private long wave;
    private boolean inFlight;
    private boolean idleDuringWave;
    private long waves;

    GlobalBound(int parts) {
        this.parts = parts;
        this.reports = new Messages.BoundReport[parts];
        this.received = new long[parts][parts];
    }

    /** What a finished wave gives: each LP's floor (index = LP), and the next wave to start or -1. */
    record Outcome(long[] floors, long nextWave) {
    }

    /** An LP is blocked. Returns the number of the wave to start now, or -1 (one is in flight; another follows). */
    long onIdle() {
        if (inFlight) {
            idleDuringWave = true;
            return -1;
        }
        return start();
    }

    private long start() {
        wave++;
        waves++;
        inFlight = true;
        idleDuringWave = false;
        reported = 0;
        java.util.Arrays.fill(reports, null);
        return wave;
    }

    /**
     * What LP {@code lp} is asked in the current wave: for each LP j, the batches j had received from it at
     * j's last snapshot (it reports its earliest event in flight from there on, and may forget the rest).
     */
    Messages.BoundRequest request(long runId, int lp) {
        long[] since = new long[parts];
        for (int j = 0; j < parts; j++) {
            since[j] = received[j][lp];
        }
        return new Messages.BoundRequest(runId, wave, since);
    }

    /** Takes an LP's answer; returns null while answers are missing, else the wave's {@link Outcome}. */
    Outcome onReport(Messages.BoundReport r) {
        if (!inFlight || r.wave() != wave || reports[r.lp()] != null) {
            return null;
        }
        reports[r.lp()] = r;
        if (++reported < parts) {
            return null;
        }
        inFlight = false;
        long gvt = Long.MAX_VALUE;
        long[] arriving = new long[parts]; // earliest event in flight into each LP
        java.util.Arrays.fill(arriving, Long.MAX_VALUE);
        for (int i = 0; i < parts; i++) {
            gvt = Math.min(gvt, reports[i].next());
            for (int j = 0; j < parts; j++) {
                if (i != j && reports[i].sent()[j] > reports[j].received()[i]) {
                    arriving[j] = Math.min(arriving[j], reports[i].inFlight()[j]);
                }
            }
        }
        long[] floors = new long[parts];
        for (int j = 0; j < parts; j++) {
            gvt = Math.min(gvt, arriving[j]);
            received[j] = reports[j].received().clone();
        }
        for (int j = 0; j < parts; j++) {
            long in = Long.MAX_VALUE;
            for (int i = 0; i < parts; i++) {
                if (i != j) {
                    in = Math.min(in, reports[i].lookahead()[j]);
                }
            }
            floors[j] = Math.min(ConservativeLp.saturatedAdd(gvt, in), arriving[j]);
        }
        return new Outcome(floors, idleDuringWave ? start() : -1);
    }

    /** Waves started. */
    long waves() {
        return waves;
    }
}
