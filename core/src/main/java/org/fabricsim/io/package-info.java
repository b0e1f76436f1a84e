/**
 * Run outputs (DESIGN.md, "Outputs"): {@link org.fabricsim.io.OutputDirectory} (write under a
 * temporary name, rename on commit, nothing half-written on failure), {@link org.fabricsim.io.Json}
 * ({@code run.json}, {@code summary.json}), {@link org.fabricsim.io.ArrowTable} ({@code *.arrow},
 * Arrow IPC file format), {@link org.fabricsim.io.Plots} ({@code *.png}) and
 * {@link org.fabricsim.io.Progress} (a progress bar on stderr when interactive), and the files of a
 * packet-level run's metrics ({@link org.fabricsim.io.PacketMetricsFiles}).
 *
 * <p>Every writer here produces bytes that depend only on its input: no timestamps, no hash
 * order, {@code \n} line ends.
 */
package org.fabricsim.io;
