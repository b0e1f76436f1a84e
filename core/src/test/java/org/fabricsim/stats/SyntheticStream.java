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
    /**
     * One call on the observer; {@code element} is the node that makes it. Delivered: flow a to host b, c
     * bytes, injected at d, packet number {@code seq}; adapted: switch a, flow b, ports c → seq; control:
     * port a, type b, c bytes.
     */
    public record Event(long timePs, int kind, int element, int a, int b, int c, long d, int seq) {
        public static final int TRANSMITTED = 0;
        public static final int DELIVERED = 1;
        public static final int OCCUPANCY = 2;
        public static final int COMPLETED = 3;
        public static final int ADAPTED = 4;
        public static final int CONTROL = 5;

        Event(long timePs, int kind, int element, int a, int b, int c, long d) {
            this(timePs, kind, element, a, b, c, d, 0);
        }

        void replay(PacketObserver o) {
            switch (kind) {
                case TRANSMITTED -> o.transmitted(timePs, a, b, c, (int) d);
                case DELIVERED -> o.delivered(timePs, a, b, c, d, seq);
                case OCCUPANCY -> o.bufferOccupancy(timePs, a, b, c);
                case COMPLETED -> o.flowCompleted(timePs, a);
                case ADAPTED -> o.adapted(timePs, a, b, c, seq);
                case CONTROL -> o.controlTransmitted(timePs, a, b, c);
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

    /**
     * Seed 001 style traffic seen from the receivers and switches: each flow injects {@code packetsPerFlow}
     * packets (numbered 0, 1, … in injection order, spaced 50–150 ns from a random start in the first half
     * of the horizon), each delivered after a latency drawn between 200 ns and 20 µs, so later packets often
     * overtake earlier ones; about {@code adaptations} adaptations at random switches, times and flows (one
     * in ten attributed to no flow, -1), and as many control packet hops of types 1 and 5 on random ports.
     * Times straddle the measurement window.
     */
    public static SyntheticStream reordered(Topology t, FlowSet flows, int packetsPerFlow, int adaptations,
            long horizonPs, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<Event> list = new ArrayList<>();
        for (int f = 0; f < flows.size(); f++) {
            long injected = rng.nextLong(horizonPs / 2);
            int dst = flows.dst()[f];
            for (int k = 0; k < packetsPerFlow; k++) {
                injected += 50_000 + rng.nextInt(100_000);
                long delivered = injected + 200_000 + rng.nextLong(19_800_000);
                list.add(new Event(delivered, Event.DELIVERED, dst, f, dst, 64 + rng.nextInt(2048), injected, k));
            }
            if (rng.nextInt(3) == 0) {
                list.add(new Event(rng.nextLong(horizonPs), Event.COMPLETED, dst, f, 0, 0, 0));
            }
        }
        int[] connected = java.util.stream.IntStream.range(0, t.portCount()).filter(t::isConnected).toArray();
        for (int i = 0; i < adaptations; i++) {
            int sw = t.hostCount() + rng.nextInt(t.switchCount());
            int flow = rng.nextInt(10) == 0 ? -1 : rng.nextInt(flows.size());
            list.add(new Event(rng.nextLong(horizonPs), Event.ADAPTED, sw, sw, flow, rng.nextInt(t.portCount()), 0,
                    rng.nextInt(t.portCount())));
            int port = connected[rng.nextInt(connected.length)];
            list.add(new Event(rng.nextLong(horizonPs), Event.CONTROL, t.owner(port), port, rng.nextInt(2) == 0 ? 1 : 5,
                    8, 0));
        }
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
