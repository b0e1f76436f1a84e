package org.fabricsim.engine.distributed;

/**
 * Everything a member needs to build its share of a model: plain, serialisable data (e.g. the resolved
 * configuration), named in the wire classes of the run ({@link ClusterConfig}). Every member builds from the same spec, so every LP
 * sees the same topology, routes and traffic.
 */
public interface ModelSpec extends WireMessage {
    /** Builds LP {@code lp}'s share: the nodes {@code partOf[node] == lp}. */
    LpModel build(int lp, int parts, int[] partOf);

    /** Payload words of every cross-LP event ({@link EventBatch#stride()}). */
    int payloadWords();

    /** Merges the LPs' results (index = LP) into the result a sequential run gives. */
    WireMessage merge(WireMessage[] results);
}
