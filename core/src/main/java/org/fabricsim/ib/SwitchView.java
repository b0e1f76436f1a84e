package org.fabricsim.ib;

/**
 * What a switch's own mechanisms (its {@link Routing}, its {@link Marking}) may read: the state of that
 * switch's ports and nothing beyond them — the credits its outputs hold for the buffers downstream, the
 * blocks its inputs hold for each output, whether an output is sending. Ports are global port numbers;
 * a switch's ports are {@code firstPort(node)} .. {@code firstPort(node) + ports(node) - 1}.
 */
interface SwitchView {
    int firstPort(int node);

    int ports(int node);

    /** Whether output {@code o} has a cable. */
    boolean connected(int o);

    /** Credit blocks output {@code o} holds on {@code lane}: free space in the buffer downstream, as last told. */
    int credits(int o, int lane);

    /** Blocks queued at this switch's inputs for output {@code o} on {@code lane} (its "output queue"). */
    int queuedBlocks(int o, int lane);

    /** Whether output {@code o} is sending a packet now. */
    boolean busy(int o);
}
