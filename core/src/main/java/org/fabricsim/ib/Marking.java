package org.fabricsim.ib;

/**
 * What a switch does to a data packet as it is queued at an input for an output, and as it leaves on that
 * output (DESIGN.md, "The packet model's elements and decision points"): nothing today; InfiniBand
 * congestion control's FECN marking and the isolation mechanisms' detection next. It may set
 * {@code PacketPool.flags} and read only its own switch ({@link SwitchView}). Control packets are never
 * marked.
 */
public interface Marking {
    /** Data packet {@code pk} joined input {@code in}'s queue for output {@code o} of switch {@code node}. */
    void queued(long t, int node, int in, int o, int pk);

    /** Data packet {@code pk} starts onward on output {@code o} of switch {@code node}. */
    void departing(long t, int node, int o, int pk);

    /** Marks nothing. */
    Marking NONE = new Marking() {
        @Override
        public void queued(long t, int node, int in, int o, int pk) {
        }

        @Override
        public void departing(long t, int node, int o, int pk) {
        }
    };
}
