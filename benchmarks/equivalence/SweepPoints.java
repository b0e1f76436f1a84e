import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValue;
import java.io.File;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import com.typesafe.config.ConfigRenderOptions;

/**
 * Prints points of a sweep file, one line each: the point's index, then its settings as
 * {@code --set KEY=VALUE} arguments separated by tabs (x and label, which only name a point, left out).
 * With {@code all} every point; else the first point of each combination of the settings that are not
 * quantities (the mechanisms, queues, patterns a sweep compares), and the last point. Used by
 * scenario-digests.sh to run points of a packet sweep as packet runs.
 */
public final class SweepPoints {
    public static void main(String[] args) {
        Config c = ConfigFactory.parseFile(new File(args[0]));
        List<? extends Config> points = c.getConfigList("sweep.points");
        boolean all = args.length > 1 && args[1].equals("all");
        java.util.Set<String> kinds = new java.util.HashSet<>();
        for (int i = 0; i < points.size(); i++) {
            StringBuilder kind = new StringBuilder();
            for (Map.Entry<String, ConfigValue> e : new TreeMap<>(flat(points.get(i))).entrySet()) {
                if (!quantity(e.getValue())) {
                    kind.append(e.getKey()).append('=').append(e.getValue().unwrapped()).append(';');
                }
            }
            if (!kinds.add(kind.toString()) && !all && i != points.size() - 1) {
                continue;
            }
            StringBuilder line = new StringBuilder().append(i);
            Map<String, ConfigValue> sorted = new TreeMap<>();
            for (Map.Entry<String, ConfigValue> e : points.get(i).entrySet()) {
                sorted.put(e.getKey(), e.getValue());
            }
            for (Map.Entry<String, ConfigValue> e : sorted.entrySet()) {
                if (e.getKey().equals("x") || e.getKey().equals("label")) {
                    continue;
                }
                line.append('\t').append("--set=").append(e.getKey()).append('=')
                        .append(e.getValue().valueType() == com.typesafe.config.ConfigValueType.STRING
                        ? e.getValue().unwrapped() : e.getValue().render(ConfigRenderOptions.concise()));
            }
            System.out.println(line);
        }
    }

    /** A number, or a number with a unit ("1704us", "1MiB"). */
    private static boolean quantity(ConfigValue v) {
        return v.valueType() == com.typesafe.config.ConfigValueType.NUMBER
                || v.unwrapped().toString().matches("[0-9.]+[A-Za-z]*");
    }

    private static Map<String, ConfigValue> flat(Config point) {
        Map<String, ConfigValue> m = new TreeMap<>();
        for (Map.Entry<String, ConfigValue> e : point.entrySet()) {
            m.put(e.getKey(), e.getValue());
        }
        return m;
    }
}
