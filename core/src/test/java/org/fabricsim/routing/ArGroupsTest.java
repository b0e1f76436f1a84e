package org.fabricsim.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Set;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.junit.jupiter.api.Test;

/** The groups' numbering, in bytes while a switch has at most 127 groups and in ints beyond. */
class ArGroupsTest {
    /**
     * On one switch every destination host is its own group, the port to that host: 8 groups (bytes) and 130
     * (more than a byte holds, so the numbering widens part-way through) give the same answers.
     */
    @Test
    void aSwitchWithManyGroupsNumbersThemAllWhateverTheirCount() {
        for (int hosts : new int[] {8, 130}) {
            Topology t = Topologies.resolve("xgft(1;" + hosts + ";1)", 0, 0, null);
            ArGroups g = ArGroups.tree(t);
            assertEquals(hosts, g.groups(0));
            assertEquals(hosts, g.maxGroups());
            Set<Integer> seen = new HashSet<>();
            for (int d = 0; d < hosts; d++) {
                int local = g.localGroup(0, d);
                seen.add(local);
                assertEquals(1, g.size(0, local), "host " + d + ": one port");
                assertEquals(d, t.peerNode(t.port(hosts, g.port(0, local, 0))), "the port to host " + d);
            }
            assertEquals(hosts, seen.size(), hosts + " hosts, as many groups");
        }
    }
}
