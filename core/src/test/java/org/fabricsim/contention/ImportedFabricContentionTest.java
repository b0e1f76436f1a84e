package org.fabricsim.contention;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.SplittableRandom;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.LftDump;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.IbnetdiscoverFile;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;
import org.fabricsim.traffic.HostGroups;
import org.fabricsim.traffic.RandomPermutation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An imported fabric runs the contention analysis as a generated one does (issue 18): the degraded tree648 of
 * conf/topologies (ibnetdiscover output, one spine and four more cables lost) under its imported OpenSM-style
 * tables carries the same random permutations with more contention than the intact tree under ftree.
 */
class ImportedFabricContentionTest {
    private static final Path TOPOLOGIES = Path.of("..", "conf", "topologies");

    private static double[] contention(ForwardingTables lft, int trials) {
        Topology t = lft.topology();
        ContentionAnalysis a = new ContentionAnalysis(lft);
        ContentionAnalysis.Scratch s = a.newScratch();
        double max = 0;
        double mean = 0;
        for (int trial = 0; trial < trials; trial++) {
            FlowSet flows = new RandomPermutation(true).generate(HostGroups.of(t), new SplittableRandom(trial));
            TrialContention c = a.analyze(flows, s, null, null);
            max += c.maxContention();
            mean += c.meanContention();
        }
        return new double[] {max / trials, mean / trials};
    }

    @Test
    void theDegradedTreeUnderItsImportedTablesContendsMoreThanTheIntactOne() {
        Topology degraded = Topologies.resolve(TOPOLOGIES.resolve("tree648-degraded.ibnd").toString(), 0, 0, null);
        ForwardingTables imported = Routings.compute("lft-dump:" + TOPOLOGIES.resolve("tree648-degraded.lft"),
                degraded, null);
        Topology intact = Topologies.resolve("tree648", 0, 0, null);
        ForwardingTables ftree = Routings.compute("ftree", intact, null);
        // 50 random permutations drawn alike on both (648 hosts each)
        double[] d = contention(imported, 50);
        double[] i = contention(ftree, 50);
        assertTrue(d[0] > i[0], "max contention " + d[0] + " against " + i[0]);
        assertTrue(d[1] > i[1], "mean contention " + d[1] + " against " + i[1]);
    }

    @Test
    void theIntactTreeExportedAndReimportedContendsExactlyAsTheGeneratedOne(@TempDir Path dir) {
        Topology generated = Topologies.resolve("tree648", 0, 0, null);
        ForwardingTables ftree = Routings.compute("ftree", generated, null);
        IbnetdiscoverFile.write(generated, dir.resolve("tree648.ibnd"));
        LftDump.write(ftree, dir.resolve("tree648.lft"));
        // read back as the degraded tree is read above: a port shifted, a LID or a host mis-ordered by either
        // reader moves flows onto other links and shows in the contention of the same 50 permutations
        Topology reimported = Topologies.resolve(dir.resolve("tree648.ibnd").toString(), 0, 0, null);
        ForwardingTables imported = Routings.compute("lft-dump:" + dir.resolve("tree648.lft"), reimported, null);
        assertArrayEquals(contention(ftree, 50), contention(imported, 50), 0.0, "max and mean contention");
    }
}
