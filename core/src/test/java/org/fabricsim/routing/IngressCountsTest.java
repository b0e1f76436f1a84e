package org.fabricsim.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seed 004 §V, Table II, on the canonical K-ary 2-level RLFT (leaves with K hosts and K uplinks, roots with 2K
 * leaves): the ingress ports arbitrated per egress port are K at a leaf's uplink (all from below), 2K − 1 at a
 * root's downlink (all from below) and, at a leaf's host port, K − 1 from below plus one uplink under
 * deterministic routing (D-mod-K) or K uplinks under AR's TREE groups.
 */
class IngressCountsTest {

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void aCanonicalTwoLevelTreeHasTableIIsCounts(int k) {
        Topology t = Topologies.resolve("xgft(2;" + k + "," + 2 * k + ";1," + k + ")", 0, 0, null);
        ForwardingTables dmodk = Routings.compute("dmodk", t, null);
        IngressCounts dr = IngressCounts.of(t, dmodk, null);
        IngressCounts ar = IngressCounts.of(t, dmodk, ArGroups.tree(t));
        int checked = 0;
        for (int p = 0; p < t.portCount(); p++) {
            int u = t.owner(p);
            if (t.isHost(u)) {
                assertEquals(-1, dr.total()[p], "a host's port is no switch egress");
                continue;
            }
            int far = t.level(t.peerNode(p));
            boolean leaf = t.level(u) == 1;
            String where = t.nodeName(u) + ":" + t.localPort(p);
            if (leaf && far == 2) { // S1U
                for (IngressCounts c : new IngressCounts[] {dr, ar}) {
                    assertEquals(k, c.total()[p], where);
                    assertEquals(0, c.fromAbove()[p], where);
                    assertEquals(k, c.fromBelow()[p], where);
                }
            } else if (!leaf) { // S2D
                for (IngressCounts c : new IngressCounts[] {dr, ar}) {
                    assertEquals(2 * k - 1, c.total()[p], where);
                    assertEquals(2 * k - 1, c.fromBelow()[p], where);
                }
            } else { // S1D
                assertEquals(k, dr.total()[p], where);
                assertEquals(1, dr.fromAbove()[p], where);
                assertEquals(k - 1, dr.fromBelow()[p], where);
                assertEquals(2 * k - 1, ar.total()[p], where);
                assertEquals(k, ar.fromAbove()[p], where);
                assertEquals(k - 1, ar.fromBelow()[p], where);
            }
            checked++;
        }
        assertEquals(2 * k * 2 * k + k * 2 * k, checked, "every switch port checked");
    }
}
