package org.fabricsim.engine;

/**
 * A priority queue of events ordered by (time, tie key), both {@code long}s; an event also carries a
 * target (e.g. a global port) and one payload word. The tie key comes from the model alone
 * ({@link TieKey}), never from insertion order, so two events never compare equal and the order does not
 * depend on how the model is partitioned (DESIGN.md, "Determinism"). Primitive storage: pushing and
 * popping allocate nothing once the queue has grown to its working size.
 *
 * <p>{@link #pop()} removes the earliest event and exposes it through {@link #time()}, {@link #tie()},
 * {@link #target()} and {@link #payload()} until the next {@code pop}.
 */
public interface EventQueue {
    void push(long time, long tie, int target, long payload);

    boolean isEmpty();

    int size();

    /** Time of the earliest event, {@link Long#MAX_VALUE} when empty. */
    long peekTime();

    /** Removes the earliest event; its fields are read through the accessors below. */
    void pop();

    long time();

    long tie();

    int target();

    long payload();

    /**
     * The implementations a test suite runs against (DESIGN.md lesson 9): heaps of arity 2, 4 and 8, and a
     * calendar queue of 16 384 buckets of 256 ps (a 4.2 us ring: a cable and a packet's serialisation at the
     * seeds' rates and lengths; longer timers go to its overflow heap; D214), the packet model's default (D216).
     */
    static EventQueue create(String kind) {
        return switch (kind) {
            case "heap2" -> new HeapEventQueue(2);
            case "heap4" -> new HeapEventQueue(4);
            case "heap8" -> new HeapEventQueue(8);
            case "calendar" -> new CalendarEventQueue(8, 14);
            default -> throw new IllegalArgumentException("unknown event queue '" + kind + "' (" + String.join(", ",
                    kinds()) + ")");
        };
    }

    /** Names accepted by {@link #create}. */
    static java.util.List<String> kinds() {
        return java.util.List.of("heap2", "heap4", "heap8", "calendar");
    }
}
