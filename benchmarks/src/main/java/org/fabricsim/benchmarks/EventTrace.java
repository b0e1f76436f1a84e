package org.fabricsim.benchmarks;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.fabricsim.InputException;
import org.fabricsim.engine.EventQueue;
import org.fabricsim.engine.Time;

/**
 * The event queue's work in a real packet run, recorded to replay against every queue ({@link EventQueueReplay},
 * issue 36): what the queue held when the recording began, then every push (time, tie key, target, payload) and
 * pop in the run's order, for a window of the run. A queue that pops in the model's total order replays it exactly.
 *
 * <p>Usage: {@code java -cp benchmarks/target/benchmarks.jar org.fabricsim.benchmarks.EventTrace OUT topology
 * simulated-ms from-us operations [key=value ...]}: runs the topology's packet simulation as {@link PacketEndToEnd}
 * binds it (the same settings, the same refusals) and records {@code operations} queue operations from the first
 * pop at or after {@code from-us}; prints how far ahead of the clock the pushes went.
 */
public final class EventTrace {
    private static final int MAGIC = 0x45565452; // "EVTR"

    final long[] time;
    final long[] tie;
    final int[] target;
    final long[] payload;
    /** Events in the queue when the recording began: the first {@code initial} entries of the arrays. */
    final int initial;
    /** Bit i of the operations: 1 a push (the next entry of the arrays), 0 a pop. */
    final long[] pushBits;
    final int operations;

    EventTrace(long[] time, long[] tie, int[] target, long[] payload, int initial, long[] pushBits, int operations) {
        this.time = time;
        this.tie = tie;
        this.target = target;
        this.payload = payload;
        this.initial = initial;
        this.pushBits = pushBits;
        this.operations = operations;
    }

    boolean isPush(int op) {
        return (pushBits[op >>> 6] & 1L << op) != 0;
    }

    /** Replays the trace on {@code q}, filled with the initial events; returns a sum of what was popped. */
    long replay(EventQueue q) {
        long sum = 0;
        int next = initial;
        for (int op = 0; op < operations; op++) {
            if (isPush(op)) {
                q.push(time[next], tie[next], target[next], payload[next]);
                next++;
            } else {
                q.pop();
                sum += q.tie();
            }
        }
        return sum;
    }

    /** {@code q} with the events the queue held when the recording began. */
    EventQueue fill(EventQueue q) {
        for (int i = 0; i < initial; i++) {
            q.push(time[i], tie[i], target[i], payload[i]);
        }
        return q;
    }

    void write(Path file) throws IOException {
        int events = initial + pushes();
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16))) {
            out.writeInt(MAGIC);
            out.writeInt(events);
            out.writeInt(initial);
            out.writeInt(operations);
            for (int i = 0; i < events; i++) {
                out.writeLong(time[i]);
                out.writeLong(tie[i]);
                out.writeInt(target[i]);
                out.writeLong(payload[i]);
            }
            for (int i = 0; i < (operations + 63) / 64; i++) {
                out.writeLong(pushBits[i]);
            }
        }
    }

    static EventTrace read(Path file) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            if (in.readInt() != MAGIC) {
                throw new IOException(file + ": not an event trace");
            }
            int events = in.readInt();
            int initial = in.readInt();
            int operations = in.readInt();
            long[] time = new long[events];
            long[] tie = new long[events];
            int[] target = new int[events];
            long[] payload = new long[events];
            for (int i = 0; i < events; i++) {
                time[i] = in.readLong();
                tie[i] = in.readLong();
                target[i] = in.readInt();
                payload[i] = in.readLong();
            }
            long[] bits = new long[(operations + 63) / 64];
            for (int i = 0; i < bits.length; i++) {
                bits[i] = in.readLong();
            }
            return new EventTrace(time, tie, target, payload, initial, bits, operations);
        }
    }

    int pushes() {
        int n = 0;
        for (long word : pushBits) {
            n += Long.bitCount(word); // bits past the last operation are never set
        }
        return n;
    }

    /**
     * Percentiles of the recorded pushes' distances ahead of the clock (the last pop's time), in ns: the trace
     * replayed on a heap, which pops the run's events in the run's order.
     */
    String aheadSummary() {
        long[] ahead = new long[pushes()];
        EventQueue q = fill(EventQueue.create("heap4"));
        long now = 0;
        int next = initial;
        for (int op = 0, n = 0; op < operations; op++) {
            if (isPush(op)) {
                ahead[n++] = time[next] - now;
                q.push(time[next], tie[next], target[next], payload[next]);
                next++;
            } else {
                q.pop();
                now = q.time();
            }
        }
        Arrays.sort(ahead);
        StringBuilder sb = new StringBuilder();
        String[] names = {"p1", "p10", "p50", "p90", "p99", "p99.9", "max"};
        double[] quantiles = {0.01, 0.1, 0.5, 0.9, 0.99, 0.999, 1.0};
        for (int i = 0; i < names.length && ahead.length > 0; i++) {
            long v = ahead[Math.min(ahead.length - 1, (int) (quantiles[i] * ahead.length))];
            sb.append(String.format(" %s %.3f ns", names[i], v / 1e3));
        }
        return sb.toString().trim();
    }

    /**
     * A queue that records what passes through it into an {@link EventTrace}: from the first pop at or after
     * {@code fromPs}, {@code operations} operations. It hands every call on to the queue it wraps.
     */
    static final class Recorder extends ForwardingEventQueue {
        private final long fromPs;
        private final int limit;
        private long[] time = new long[1 << 16];
        private long[] tie = new long[1 << 16];
        private int[] target = new int[1 << 16];
        private long[] payload = new long[1 << 16];
        private int events;
        private int initial = -1; // -1: not recording yet
        private final long[] pushBits;
        private int operations;

        Recorder(EventQueue inner, long fromPs, int operations) {
            super(inner);
            this.fromPs = fromPs;
            this.limit = operations;
            this.pushBits = new long[(operations + 63) / 64];
        }

        private boolean recording() {
            return initial >= 0 && operations < limit;
        }

        private void add(long t, long k, int g, long p) {
            if (events == time.length) {
                int n = events * 2;
                time = Arrays.copyOf(time, n);
                tie = Arrays.copyOf(tie, n);
                target = Arrays.copyOf(target, n);
                payload = Arrays.copyOf(payload, n);
            }
            time[events] = t;
            tie[events] = k;
            target[events] = g;
            payload[events] = p;
            events++;
        }

        @Override
        public void push(long t, long k, int g, long p) {
            if (recording()) {
                add(t, k, g, p);
                pushBits[operations >>> 6] |= 1L << operations;
                operations++;
            }
            inner.push(t, k, g, p);
        }

        @Override
        public void pop() {
            if (initial < 0 && inner.peekTime() >= fromPs) {
                begin();
            }
            inner.pop();
            if (recording()) {
                operations++; // a pop: its bit stays 0
            }
        }

        /**
         * Notes what the queue holds now, as the trace's first events: popping it all and pushing it back (the
         * same events, the same order).
         */
        private void begin() {
            int n = inner.size();
            for (int i = 0; i < n; i++) {
                inner.pop();
                add(inner.time(), inner.tie(), inner.target(), inner.payload());
            }
            for (int i = 0; i < n; i++) {
                inner.push(time[i], tie[i], target[i], payload[i]);
            }
            initial = n;
        }

        EventTrace trace() {
            if (initial < 0) {
                throw new IllegalStateException("the run ended before the recording began");
            }
            return new EventTrace(time, tie, target, payload, initial, pushBits, operations);
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 5) {
            System.err.println("usage: EventTrace OUT topology simulated-ms from-us operations [key=value ...]");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        long fromPs = (long) (Double.parseDouble(args[3]) * Time.US);
        int operations = Integer.parseInt(args[4]);
        // PacketEndToEnd's arguments: topology, simulated ms, repetitions (unused here), settings
        String[] endToEnd = new String[args.length - 2];
        endToEnd[0] = args[1];
        endToEnd[1] = args[2];
        endToEnd[2] = "1";
        System.arraycopy(args, 5, endToEnd, 3, args.length - 5);
        PacketEndToEnd.Setup setup;
        try {
            setup = PacketEndToEnd.bind(endToEnd);
        } catch (InputException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        Recorder recorder = new Recorder(EventQueue.create(setup.binding().queue()), fromPs, operations);
        PacketEndToEnd.builder(setup.topology(), setup.lft(), setup.schedule(), setup.params(), setup.binding())
                .queue(recorder).build().runUntil(setup.end());
        EventTrace trace = recorder.trace();
        trace.write(out);
        System.out.printf("%s: %d hosts, settings %s; recorded from %.1f us: %d events queued then, %d operations"
                + " (%d pushes); pushes ahead of the clock: %s%n", setup.topology().name(),
                setup.topology().hostCount(), setup.settings(), fromPs / (double) Time.US, trace.initial,
                trace.operations, trace.pushes(), trace.aheadSummary());
    }
}
