package org.fabricsim.engine.distributed;

/**
 * Marks the messages that travel between the members of a distributed run; Pekko serialises every one of
 * them with {@link KryoSerializer} (bound in {@link ClusterConfig}). Each must be registered in
 * the wire types ({@code fabricsim.wire.classes}, see {@link ClusterConfig}).
 */
public interface WireMessage {
}
