package org.fabricsim.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.fabricsim.ib.PacketObserver;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;

/**
 * A hand-made stream of observations, as a packet model would report them: packets delivered to each flow's
 * destination, transmissions on random links, buffer occupancies stepping up and down, completions. Events
 * are in time order (ties in generation order, as a model's tie key would fix them), and each belongs to
 * the element that would report it: transmissions and buffers to the port's owner, deliveries and
 * completions to the destination host. Times straddle the measurement window on purpose.
 */
public final class SyntheticStream {
    /** One call on the observer; {@code element} is the node that makes it. */
    public record Event(long timePs, int kind, int element, int a, int b, int c, long d) {
        static final int TRANSMITTED = 0;
        static final int DELIVERED = 1;
        static final int OCCUPANCY = 2;
        static final int COMPLETED = 3;

        void replay(PacketObserver o) {
            switch (kind) {
                case TRANSMITTED -> o.transmitted(timePs, a, b, c, (int) d);
                case DELIVERED -> o.delivered(timePs, a, b, c, d, 0);
                case OCCUPANCY -> o.bufferOccupancy(timePs, a, b, c);
                case COMPLETED -> o.flowCompleted(timePs, a);
                default -> throw new AssertionError(kind);
            }
        }
    }

    private final List<Event> events;

    private SyntheticStream(List<Event> events) {
        this.events = events;
    }

    public List<Event> events() {
        return events;
    }

    /**
     * About {@code packets} deliveries and as many transmissions and occupancy steps over [0, {@code horizonPs}),
     * latencies log-uniform between 100 ns and 100 µs, on {@code vls} virtual lanes.
     */
    public static SyntheticStream random(Topology t, FlowSet flows, int vls, int packets, long horizonPs,
            long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<Event> list = new ArrayList<>();
        int[] connected = java.util.stream.IntStream.range(0, t.portCount()).filter(t::isConnected).toArray();
        for (int i = 0; i < packets; i++) {
            int f = rng.nextInt(flows.size());
            int bytes = 64 + rng.nextInt(4033);
            long time = rng.nextLong(horizonPs);
            long latency = (long) Math.exp(Math.log(100_000) + rng.nextDouble() * Math.log(1000));
            int dst = flows.dst()[f];
            list.add(new Event(time, Event.DELIVERED, dst, f, dst, bytes, time - latency));
            int port = connected[rng.nextInt(connected.length)];
            list.add(new Event(rng.nextLong(horizonPs), Event.TRANSMITTED, t.owner(port), port, rng.nextInt(vls), f,
                    bytes));
            port = connected[rng.nextInt(connected.length)];
            list.add(new Event(rng.nextLong(horizonPs), Event.OCCUPANCY, t.owner(port), port, rng.nextInt(vls),
                    rng.nextInt(3) == 0 ? 0 : rng.nextInt(65_536), 0));
            if (rng.nextInt(50) == 0) {
                list.add(new Event(rng.nextLong(horizonPs), Event.COMPLETED, dst, f, 0, 0, 0));
            }
        }
        // Stable sort: equal times keep generation order, like a model's tie key.
        list.sort(Comparator.comparingLong(Event::timePs));
        return new SyntheticStream(List.copyOf(list));
    }

    /** Replays every event on {@code o}. */
    public void replay(PacketObserver o) {
        for (Event e : events) {
            e.replay(o);
        }
    }

    /** Replays on {@code parts[e.element() % parts.length]}: each element reports to one part only. */
    public void replayPartitioned(PacketObserver[] parts) {
        for (Event e : events) {
            e.replay(parts[e.element() % parts.length]);
        }
    }
}
