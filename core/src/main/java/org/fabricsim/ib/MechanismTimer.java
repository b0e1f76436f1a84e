package org.fabricsim.ib;

/**
 * A mechanism's own timers (congestion control's CCTI_Timer): it schedules them with
 * {@link PacketNetwork#schedule} and hears them here, in event order, on the node that set them.
 */
public interface MechanismTimer {
    void fired(long t, int node, long payload);

    /** For mechanisms without timers: a timer event would be a bug. */
    MechanismTimer NONE = (t, node, payload) -> {
        throw new IllegalStateException("a timer fired at node " + node + " but no mechanism set one");
    };
}
