package org.fabricsim.ib;

/**
 * What a switch's own mechanisms (its {@link Routing}, its {@link Marking}) may read: the state of that
 * switch's ports and nothing beyond them — the credits its outputs hold for the buffers downstream, the
 * blocks its inputs hold for each output, whether an output is sending. Ports are global port numbers;
 * a switch's ports are {@code firstPort(node)} .. {@code firstPort(node) + ports(node) - 1}.
 */
public interface SwitchView {
    int firstPort(int node);

    int ports(int node);

    /** Whether output {@code o} has a cable. */
    boolean connected(int o);

    /** Credit blocks output {@code o} holds on {@code lane}: free space in the buffer downstream, as last told. */
    int credits(int o, int lane);

    /** Blocks queued at this switch's inputs for output {@code o} on {@code lane} (its "output queue"). */
    int queuedBlocks(int o, int lane);

    /** Blocks input {@code in} of this switch holds for output {@code o} on {@code lane} (its VoQ's fill). */
    int inputBlocks(int in, int o, int lane);

    /** The most blocks any one input of this switch holds for output {@code o} on {@code lane}. */
    int largestInputBlocks(int o, int lane);

    /** Inputs of this switch holding blocks for output {@code o} on {@code lane} (the contributors). */
    int contributors(int o, int lane);

    /** Whether output {@code o} is sending a packet now. */
    boolean busy(int o);
}
