package io.github.hessiantime.demo.provider;

import io.github.hessiantime.demo.DubboOnNewerJdks;
import io.github.hessiantime.demo.api.OrderService;
import io.github.hessiantime.demo.consumer.OrderConsumer;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;


/**
 * Provider entry point: exports {@link OrderService} over the dubbo protocol and registers it in ZooKeeper.
 *
 * <pre>
 * java ... OrderProvider --registry=zookeeper://127.0.0.1:2181 [--name=order-provider] [--port=20880] [--legacy]
 *                       [--host=2130706433] [--qos-port=22222]
 * </pre>
 *
 * {@code --host} is the address to bind and register; the default is the loopback address, so the demo is never
 * reachable from the network. It is written {@value #LOOPBACK} (127.0.0.1 as one number) because Dubbo refuses hosts
 * starting with "127." and would then bind every interface and register the machine's address. Give the machine's
 * address to try the provider from other machines.
 *
 * {@code --legacy} runs the provider as it was before hessian-time was added (the {@code Launcher} also starts it
 * without the hessian-time jar): it offers only {@code hessian2}. {@code --exit-with=PID} stops this provider when
 * process PID ends (the Launcher passes its own), so no provider outlives a launcher that was killed. {@code --qos-port}
 * opens Dubbo's QoS port (commands such as {@code hessian2Time}) on 127.0.0.1. Plumbing shared with the consumer (no
 * QoS port unless asked, interface-level registration) is in {@code dubbo.properties}.
 *
 * <p>The opt-in is set on the {@code dubbo} protocol, as docs/dubbo.md recommends; in Spring Boot it is
 * {@code dubbo.protocol.prefer-serialization=hessian2-time,hessian2}. Never on {@code tri} (see docs/dubbo.md).
 */
public final class OrderProvider {

    /**
     * Printed on stdout, followed by {@code key=value} words, once the service is exported and registered; the
     * Launcher waits for it (the "@@ OK" prefix is the line protocol of the project's child-JVM runner).
     */
    public static final String READY = "@@ OK provider ready:";

    /** 127.0.0.1 as one decimal number: passes Dubbo's "127." check, still the loopback address. */
    public static final String LOOPBACK = "2130706433";

    private OrderProvider() {
    }

    public static void main(String[] args) throws Exception {
        DubboOnNewerJdks.preferFastjson2ForDubboJson();
        OptionParser parser = new OptionParser();
        OptionSpec<String> nameOption = parser.accepts("name").withRequiredArg().defaultsTo("order-provider");
        OptionSpec<String> registryOption = parser.accepts("registry").withRequiredArg()
                .defaultsTo("zookeeper://127.0.0.1:2181");
        OptionSpec<Integer> portOption = parser.accepts("port").withRequiredArg().ofType(Integer.class)
                .defaultsTo(20880);
        OptionSpec<String> hostOption = parser.accepts("host").withRequiredArg().defaultsTo(LOOPBACK);
        OptionSpec<Void> legacyOption = parser.accepts("legacy");
        OptionSpec<Long> exitWithOption = parser.accepts("exit-with").withRequiredArg().ofType(Long.class);
        OptionSpec<Integer> qosPortOption = parser.accepts("qos-port").withRequiredArg().ofType(Integer.class);
        OptionSet options = parser.parse(args);
        String name = options.valueOf(nameOption);
        String registry = options.valueOf(registryOption);
        int port = options.valueOf(portOption);
        String host = options.valueOf(hostOption);
        boolean legacy = options.has(legacyOption);
        if (options.has(exitWithOption)) {
            exitWhenProcessEnds(options.valueOf(exitWithOption));
        }

        ServiceConfig<OrderService> service = new ServiceConfig<>();
        service.setInterface(OrderService.class);
        service.setRef(new OrderServiceImpl());
        // One group per provider, only so that the demo consumer can address each provider on its own.
        service.setGroup(name);

        ProtocolConfig dubbo = new ProtocolConfig("dubbo", port);
        dubbo.setHost(host); // bound and registered
        // What consumers without hessian-time (and every older Dubbo) use.
        dubbo.setSerialization("hessian2");
        if (!legacy) {
            // hessian-time: offer the compact java.time format first; consumers that lack it fall back to hessian2.
            dubbo.setPreferSerialization("hessian2-time,hessian2");
        }

        try {
            DubboBootstrap.getInstance()
                    .application(OrderConsumer.application(name, options.valueOf(qosPortOption)))
                    .registry(new RegistryConfig(registry))
                    .protocol(dubbo)
                    .service(service)
                    .start();
        } catch (RuntimeException e) {
            e.printStackTrace();
            System.exit(1); // Dubbo's non-daemon threads would otherwise keep a failed provider alive
        }

        System.out.println(READY + " name=" + name + " pid=" + ProcessHandle.current().pid() + " host=" + host
                + " port=" + port + " hessian-time-on-classpath=" + hessianTimeOnClasspath()
                + " prefer-serialization=" + dubbo.getPreferSerialization());
        DubboBootstrap.getInstance().await();
    }

    private static void exitWhenProcessEnds(long pid) {
        // halt, not exit: Dubbo's shutdown hook would try to unregister from a registry that may have died with
        // the launcher, and wait for it; the registration is ephemeral and goes away with this JVM's session anyway.
        ProcessHandle.of(pid).ifPresentOrElse(
                parent -> parent.onExit().thenRun(() -> Runtime.getRuntime().halt(0)),
                () -> Runtime.getRuntime().halt(0));
    }

    /** Whether this JVM can load hessian-time's classes at all (the old provider must not). */
    static boolean hessianTimeOnClasspath() {
        try {
            Class.forName("ht.Instant", false, OrderProvider.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException expected) {
            return false;
        }
    }
}
