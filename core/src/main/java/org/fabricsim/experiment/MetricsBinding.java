package org.fabricsim.experiment;

import java.util.List;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.stats.ByteBasis;
import org.fabricsim.stats.MetricsOptions;

/** Reads {@code metrics.*}: what a packet-level run measures, and over which window. */
final class MetricsBinding {
    private MetricsBinding() {
    }

    /** The measurement window and bins for a run ending at {@code endPs}; the model reports wire bytes. */
    static MetricsOptions options(ExperimentConfig c, long endPs, PacketParams p) {
        long from = c.time("metrics.window-start");
        long to = c.string("metrics.window-end").equals("end") ? endPs : c.time("metrics.window-end");
        if (from < 0 || to <= from || to > endPs) {
            throw c.error("metrics.window-end", "the window [" + from + " ps, " + to + " ps) must be non-empty and"
                    + " within the run (end time " + endPs + " ps)");
        }
        MetricsOptions m = MetricsOptions.window(from, to).withVirtualLanes(p.virtualLanes());
        if (!c.string("metrics.bin-width").equals("auto")) {
            long w = c.time("metrics.bin-width");
            if (w <= 0) {
                throw c.error("metrics.bin-width", "must be positive (or auto)");
            }
            m = m.withBinWidth(w);
        }
        ByteBasis basis = c.choice("metrics.throughput-bytes", List.of("payload", "wire")).equals("wire")
                ? ByteBasis.WIRE : ByteBasis.PAYLOAD;
        return m.withBytes(basis, ByteBasis.WIRE, p.overheadBytes());
    }
}
