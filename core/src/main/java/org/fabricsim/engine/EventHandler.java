package org.fabricsim.engine;

/**
 * What a logical process dispatches its events to: the model's entities. {@code target} names the
 * element addressed (in the packet model a global port, whose owner is the entity), {@code kind} comes from
 * the event's {@link TieKey}.
 */
public interface EventHandler {
    void handle(long timePs, int kind, int target, long payload);
}
