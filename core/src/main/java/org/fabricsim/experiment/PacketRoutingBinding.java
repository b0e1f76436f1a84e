package org.fabricsim.experiment;

import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.ib.ar.ArGrouping;
import org.fabricsim.ib.ar.ArSelection;
import org.fabricsim.ib.ar.EarParams;
import org.fabricsim.ib.circuits.CircuitParams;
import org.fabricsim.ib.run.AdaptiveRouting;
import org.fabricsim.topology.Topology;

/**
 * Binds {@code packet.adaptive-routing.*} (conf/defaults.conf) to the routing the switches of a packet run use:
 * the forwarding tables, AR groups (seed 004), seed 001's EAR or seed 003's flow virtual circuits.
 */
public final class PacketRoutingBinding {
    private PacketRoutingBinding() {
    }

    /** The switches' routing: the forwarding tables alone, or an adaptive routing on top of them. */
    public static AdaptiveRouting adaptiveRouting(ExperimentConfig c) {
        String p = "packet.adaptive-routing.";
        AdaptiveRouting.Mode mode = PacketBinding.choose(c, p + "mode", AdaptiveRouting.Mode.values(), AdaptiveRouting.Mode::key);
        ArGrouping grouping = PacketBinding.choose(c, p + "groups", ArGrouping.values(),
                ArGrouping::key);
        ArSelection selection = PacketBinding.choose(c, p + "select", ArSelection.values(),
                ArSelection::key);
        int threshold = PacketBinding.sizeInt(c, p + "ear.threshold", 1, Integer.MAX_VALUE / 2);
        long timer = c.time(p + "ear.timer");
        if (timer < 0) {
            throw c.error(p + "ear.timer", "must be >= 0");
        }
        double sampling = c.number(p + "ear.sampling", 0.0, 1.0);
        if (sampling <= 0) {
            throw c.error(p + "ear.sampling", "must be in (0, 1]: a probability that can draw (got " + sampling + ")");
        }
        int request = PacketBinding.sizeInt(c, p + "ear.request-size", 1, 1 << 16);
        boolean swap = c.bool(p + "ear.swap");
        double growth = c.number(p + "ear.growth-weight", 0.0, 1e6);
        int control = PacketBinding.sizeInt(c, p + "circuits.control-size", 1, 1 << 16);
        int ack = PacketBinding.sizeInt(c, p + "circuits.ack-size", 1, 1 << 16);
        int buffer = PacketBinding.sizeInt(c, p + "circuits.control-buffer", 1, Integer.MAX_VALUE / 2);
        if (buffer < Math.max(control, ack)) {
            throw c.error(p + "circuits.control-buffer", "must hold one control packet (" + Math.max(control, ack)
                    + " B)");
        }
        String cache = c.string(p + "circuits.cache");
        int entries = cache.equals("unlimited") ? CircuitParams.UNLIMITED
                : c.integer(p + "circuits.cache", 0, Integer.MAX_VALUE - 1);
        return new AdaptiveRouting(mode, grouping, selection, new EarParams(threshold, timer, sampling, request, swap,
                growth),
                new CircuitParams(control, ack, buffer, entries));
    }

    /** Refuses a routing the topology cannot carry, naming the key (circuits need a generated fat tree). */
    public static AdaptiveRouting adaptiveRouting(ExperimentConfig c, Topology t) {
        AdaptiveRouting r = adaptiveRouting(c);
        if (r.mode() != AdaptiveRouting.Mode.STATIC && c.string("packet.queues").equals("voq-net")) {
            throw c.error("packet.queues", "voq-net keeps a lane per destination along its static route: it is not"
                    + " combined with packet.adaptive-routing.mode " + r.mode().key());
        }
        if (r.mode() == AdaptiveRouting.Mode.CIRCUITS && t.fatTree().isEmpty()) {
            throw c.error("packet.adaptive-routing.mode", "circuits need a generated fat tree (kary-ntree,"
                    + " mkary-ntree, xgft, pgft, clos or a tree preset); topology " + t.name() + " is not one");
        }
        return r;
    }

}
