package org.fabricsim.experiment;

import java.util.List;
import org.fabricsim.InputException;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.config.Units;
import org.fabricsim.ib.isolation.IsolationParams;
import org.fabricsim.ib.run.AdaptiveRouting;
import org.fabricsim.ib.throttling.CcParams;

/**
 * Binds {@code packet.cc.*} and {@code packet.isolation.*} (conf/defaults.conf) to InfiniBand congestion control's
 * and congested-flow isolation's parameters (seed 002). Every mistake is one line naming the file and key.
 */
public final class CongestionBinding {
    private CongestionBinding() {
    }

    /** InfiniBand congestion control ({@code packet.cc}), or null when it is off. */
    public static CcParams congestionControl(ExperimentConfig c) {
        String p = "packet.cc.";
        if (!c.bool(p + "enabled")) {
            return null;
        }
        if (PacketRoutingBinding.adaptiveRouting(c).mode() != AdaptiveRouting.Mode.STATIC) {
            throw c.error(p + "enabled", "congestion control with packet.adaptive-routing.mode other than static is"
                    + " not built yet");
        }
        CcParams.Evaluation evaluation = PacketBinding.choose(c, p + "evaluation", CcParams.Evaluation.values(),
                CcParams.Evaluation::key);
        long timer = c.time(p + "timer");
        long coefficient = c.time(p + "cct-coefficient");
        if (timer <= 0) {
            throw c.error(p + "timer", "must be positive");
        }
        if (coefficient < 0) {
            throw c.error(p + "cct-coefficient", "must be >= 0");
        }
        List<String> cct = c.strings(p + "cct");
        long[] table = null;
        int entries;
        if (cct.isEmpty()) {
            entries = c.integer(p + "cct-entries", 128, 1 << 16);
        } else {
            table = new long[cct.size()];
            for (int i = 0; i < table.length; i++) {
                try {
                    table[i] = Units.time(cct.get(i).trim());
                } catch (InputException e) {
                    throw c.error(p + "cct", "entry " + i + " '" + cct.get(i).trim() + "' is not a time (e.g. 1.5us)");
                }
                if (table[i] < 0 || (i > 0 && table[i] < table[i - 1])) {
                    throw c.error(p + "cct", "entry " + i + " must be >= 0 and not below entry " + (i - 1)
                            + " (a higher index throttles more)");
                }
            }
            entries = table.length;
            if (entries > 1 << 16) {
                throw c.error(p + "cct", "at most 65536 entries");
            }
        }
        int min = c.integer(p + "ccti-min", 0, entries - 1);
        int limit = c.integer(p + "ccti-limit", 0, entries - 1);
        if (min > limit) {
            throw c.error(p + "ccti-min", "must be at most ccti-limit (" + limit + ")");
        }
        int threshold = c.integer(p + "threshold", 0, 15);
        int unit = c.string(p + "threshold-unit").equals("buffer") ? 0
                : PacketBinding.sizeInt(c, p + "threshold-unit", 1, Integer.MAX_VALUE / 16);
        int hysteresis = PacketBinding.sizeInt(c, p + "hysteresis", 0, Integer.MAX_VALUE / 2);
        long upper = unit == 0 ? (long) PacketBinding.sizeInt(c, "packet.buffer", 1, Integer.MAX_VALUE / 2) * (16 - threshold) / 16
                : (long) (16 - threshold) * unit;
        if (threshold > 0 && hysteresis > 0 && hysteresis >= upper) {
            throw c.error(p + "hysteresis", "must be below the threshold's fill (" + upper + " B of packet.buffer at"
                    + " weight " + threshold + "): a congested port would never leave the state");
        }
        long becnEvery = c.size(p + "becn-every");
        if (becnEvery < 0) {
            throw c.error(p + "becn-every", "must be 0B (a CNP per marked packet) or a positive size");
        }
        if (becnEvery > 0 && c.string("packet.traffic").equals("messages")) {
            throw c.error(p + "becn-every", "is for flows (a queue pair each); message-level traffic answers every"
                    + " marked packet: use 0B");
        }
        return new CcParams(threshold, unit, evaluation, hysteresis, c.bool(p + "victim-mask"),
                c.integer(p + "packet-size", 0, 1 << 16), c.number(p + "marking-rate", 0, 1 << 20), coefficient,
                entries, c.integer(p + "ccti-increase", 0, entries), limit, min, timer,
                c.choice(p + "timer-per", List.of("ccti", "port-sl")).equals("ccti"),
                c.choice(p + "level", List.of("qp", "sl")).equals("sl"), PacketBinding.sizeInt(c, p + "cnp-size", 1, 1 << 16), table,
                becnEvery);
    }

    /**
     * Congested-flow isolation ({@code packet.isolation}), or null when it is off: HFDI / EcoCC on VOQ switches,
     * FBICM / CCFIT on FIFO ones, throttled when {@code packet.cc} is on.
     */
    public static IsolationParams isolation(ExperimentConfig c) {
        String p = "packet.isolation.";
        if (!c.bool(p + "enabled")) {
            return null;
        }
        String queues = c.string("packet.queues");
        if (queues.equals("voq-net")) {
            throw c.error(p + "enabled", "isolation's hot queues sit beside voq or fifo queues; voq-net needs none");
        }
        if (c.integer("packet.virtual-lanes", 1, 16) > 1) {
            throw c.error(p + "enabled", "isolation is built for one data lane: packet.virtual-lanes must be 1");
        }
        if (PacketRoutingBinding.adaptiveRouting(c).mode() != AdaptiveRouting.Mode.STATIC) {
            throw c.error(p + "enabled", "isolation assumes destination-based static routing (seed 002 §5):"
                    + " packet.adaptive-routing.mode must be static");
        }
        String root = c.choice(p + "root-queue", List.of("auto", "true", "false"));
        boolean voq = queues.equals("voq");
        boolean rootQueue = root.equals("auto") ? !(voq && c.bool("packet.cc.enabled")) : root.equals("true");
        if (!voq && !rootQueue) {
            throw c.error(p + "root-queue", "an input-queued (fifo) switch isolates a root in a hot queue: it must be"
                    + " auto or true");
        }
        int detect = PacketBinding.sizeInt(c, p + "detect", 1, Integer.MAX_VALUE / 2);
        int stop = PacketBinding.sizeInt(c, p + "stop", 1, Integer.MAX_VALUE / 2);
        int go = PacketBinding.sizeInt(c, p + "go", 0, Integer.MAX_VALUE / 2);
        if (go >= stop) {
            throw c.error(p + "go", "must be below packet.isolation.stop (" + stop + " B)");
        }
        int high = PacketBinding.sizeInt(c, p + "mark-high", 1, Integer.MAX_VALUE / 2);
        int low = PacketBinding.sizeInt(c, p + "mark-low", 0, Integer.MAX_VALUE / 2);
        if (low >= high) {
            throw c.error(p + "mark-low", "must be below packet.isolation.mark-high (" + high + " B)");
        }
        int note = PacketBinding.sizeInt(c, p + "notification-size", 1, 1 << 16);
        int buffer = PacketBinding.sizeInt(c, p + "control-buffer", 1, Integer.MAX_VALUE / 2);
        if (buffer < note) {
            throw c.error(p + "control-buffer", "must hold one notification (" + note + " B)");
        }
        return new IsolationParams(c.integer(p + "hot-queues", 1, 64), rootQueue, detect, stop, go, high, low,
                c.integer(p + "destinations", 1, 1 << 16), note, buffer, c.bool(p + "root-yields"));
    }
}
