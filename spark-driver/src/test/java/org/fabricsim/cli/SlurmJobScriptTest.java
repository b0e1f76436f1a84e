package org.fabricsim.cli;

import static org.fabricsim.cli.CliTest.fabricsim;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Slurm recipe of docs/DISTRIBUTED.md ({@code conf/cluster/slurm-job.sh}) under a stand-in for Slurm: an
 * allocation of two "hosts", 127.0.0.1 and 127.0.0.2, whose {@code srun} starts one task per host with
 * {@code SLURMD_NODENAME} set, as Slurm does. The job makes the cluster keys, starts a node per task over TLS,
 * runs the driver on the first host and gives the sequential run's results.
 */
class SlurmJobScriptTest {
    @TempDir
    Path dir;

    private Path executable(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    @Test
    void theJobScriptRunsADistributedRunOverTlsOnTheAllocation() throws Exception {
        Path bin = dir.resolve("bin");
        executable(bin.resolve("scontrol"), "#!/bin/sh\nprintf '127.0.0.1\\n127.0.0.2\\n'\n");
        // srun --ntasks=N [options] COMMAND...: task i on host i, in the background like Slurm's steps
        executable(bin.resolve("srun"), """
                #!/usr/bin/env bash
                n=1
                while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do
                  case "$1" in --ntasks=*) n="${1#--ntasks=}" ;; esac; shift
                done
                mapfile -t hosts < <(scontrol show hostnames "$SLURM_JOB_NODELIST")
                pids=()
                for ((i = 0; i < n; i++)); do SLURM_PROCID=$i SLURMD_NODENAME="${hosts[i]}" "$@" & pids+=($!); done
                trap 'kill "${pids[@]}" 2>/dev/null' TERM EXIT
                wait
                """);
        // the checkout's launcher, with this build's classes (the jar is made after the tests)
        List<String> command = new java.util.ArrayList<>(CliTest.fabricsimCommand());
        command.add(1, "-Dfabricsim.conf=" + Path.of(System.getProperty("fabricsim.repoRoot", ".."), "conf")
                .toAbsolutePath());
        StringBuilder text = new StringBuilder("#!/bin/sh\nexec");
        for (String word : command) {
            text.append(" '").append(word.replace("'", "'\\''")).append("'");
        }
        text.append(" \"$@\"\n");
        Path root = dir.resolve("root");
        executable(root.resolve("fabricsim"), text.toString());

        Path conf = dir.resolve("k4.conf");
        Files.writeString(conf, "experiment = packet\ntopology.name = \"kary-ntree(4,3)\"\n"
                + "traffic.pattern = random-permutation\npacket.end-time = 20us\n");
        Path seq = dir.resolve("seq");
        assertEquals(0, fabricsim("simulate", conf.toString(), "--out", seq.toString(), "--progress", "off").status());

        Path out = dir.resolve("job-out");
        Path script = Path.of(System.getProperty("fabricsim.repoRoot", ".."), "conf", "cluster", "slurm-job.sh");
        ProcessBuilder job = new ProcessBuilder("bash", script.toAbsolutePath().toString(), conf.toString(),
                out.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("job.log").toFile());
        job.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        job.environment().put("SLURM_JOB_NODELIST", "host[1-2]");
        job.environment().put("SLURM_NTASKS", "2");
        job.environment().put("FABRICSIM_ROOT", root.toString());
        job.environment().put("FABRICSIM_KEYS", dir.resolve("keys").toString());
        job.environment().put("FABRICSIM_PORT", String.valueOf(freePort()));
        Process p = job.start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the job ends");
        String log = Files.readString(dir.resolve("job.log"));
        assertEquals(0, p.exitValue(), log);
        for (String f : DistributedSimulateTest.RESULTS) {
            assertArrayEquals(Files.readAllBytes(seq.resolve(f)), Files.readAllBytes(out.resolve(f)), f);
        }
        String run = Files.readString(out.resolve("run.json"));
        assertTrue(run.contains("\"logical_processes\": 3") && run.contains("\"placement\": \"cluster\""), run);
        assertTrue(Files.exists(dir.resolve("keys").resolve("cluster-keystore.p12")), "the job made the keys");
        for (String line : List.of(log.split("\n"))) {
            assertTrue(!line.contains(" WARN ") && !line.contains("Exception"), line);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
