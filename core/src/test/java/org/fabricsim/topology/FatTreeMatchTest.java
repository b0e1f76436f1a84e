package org.fabricsim.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Recognising a fat tree, intact or degraded, in a fabric given as a file (issue 18). */
class FatTreeMatchTest {
    private static final Path CONF = Path.of("..", "conf");

    @ParameterizedTest
    @ValueSource(strings = {"tree648", "kary-ntree(4,3)", "xgft(3;4,4,4;1,2,2)", "xgft(2;8,16;1,8)"})
    void aGeneratedTreeIsItsOwnNearestXgftAndIntact(String spec) {
        Topology t = Topologies.resolve(spec, 0, 0, null);
        FatTreeMatch m = FatTreeMatch.of(t);
        assertTrue(m.isIntact(), m.describe().toString());
        // the same tree as the generator's (its expression, written out)
        FatTree f = t.fatTree().orElseThrow();
        StringBuilder ms = new StringBuilder();
        StringBuilder ws = new StringBuilder();
        for (int l = 1; l <= f.height(); l++) {
            ms.append(l > 1 ? "," : "").append(f.m(l));
            ws.append(l > 1 ? "," : "").append(f.w(l));
        }
        assertEquals("xgft(" + f.height() + ";" + ms + ";" + ws + ")", m.tree());
    }

    @Test
    void oversubscriptionIsDownOverUpBandwidth() {
        FatTreeMatch m = FatTreeMatch.of(Topologies.resolve("xgft(3;4,4,4;1,2,2)", 0, 0, null));
        assertEquals(2.0, m.levels().get(0).idealRatio());
        assertEquals(2.0, m.levels().get(0).mostRatio());
        assertEquals(2.0, m.levels().get(1).idealRatio());
    }

    @Test
    void theImportedDegradedTreeLacksOneSpineAndFortyCables() {
        Topology t = Topologies.resolve(CONF.resolve("topologies/tree648-degraded.ibnd").toString(), 0, 0, null);
        FatTreeMatch m = FatTreeMatch.of(t);
        assertEquals("xgft(2;18,36;1,18)", m.tree());
        assertFalse(m.isIntact());
        FatTreeMatch.Level leaves = m.levels().get(0);
        FatTreeMatch.Level spines = m.levels().get(1);
        assertEquals(36, leaves.switches());
        assertEquals(648, leaves.downCables());
        assertEquals(17, spines.switches());
        assertEquals(18, spines.ideal());
        // the lost spine's 36 cables and four more
        assertEquals(648 - 40, spines.downCables());
        assertEquals(648, spines.idealDownCables());
        // every leaf lost its cable to the missing spine (18:17), four lost a second one (18:16)
        assertEquals(18 / 17.0, leaves.leastRatio(), 1e-12);
        assertEquals(18 / 16.0, leaves.mostRatio(), 1e-12);
    }

    @Test
    void theDocsShowWhatTheReportPrints() throws java.io.IOException {
        String block = org.fabricsim.DocsText.codeBlocks(org.fabricsim.DocsText.section(
                org.fabricsim.DocsText.read("TOPOLOGY_FORMAT.md"), "## Recognising the fat tree in a fabric")).get(0);
        Topology t = Topologies.resolve(CONF.resolve("topologies/tree648-degraded.ibnd").toString(), 0, 0, null);
        assertEquals(block, String.join("\n", FatTreeMatch.of(t).describe()) + "\n");
    }

    @Test
    void cablesWithinALevelAreNotAFatTree() {
        FatTreeMatch m = FatTreeMatch.of(Topologies.resolve("mkary-ntree(4,3,2)", 0, 0, null));
        assertFalse(m.isFatTree());
        assertTrue(m.why().contains("within level"), m.why());
        FatTreeMatch p = FatTreeMatch.of(Topologies.resolve(CONF.resolve("topologies/parking-lot.topo").toString(), 0,
                0, null));
        assertFalse(p.isFatTree());
        assertTrue(p.describe().get(0).startsWith("  fat tree  no: "), p.describe().toString());
    }
}
