package io.github.hessiantime.demo.consumer;

import io.github.hessiantime.demo.DubboOnNewerJdks;
import io.github.hessiantime.demo.api.OrderService;
import io.github.hessiantime.demo.api.SampleOrders;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;


/**
 * Consumer entry point. Nothing here is specific to hessian-time: with the jar on the classpath, Dubbo uses
 * {@code hessian2-time} with every provider that advertises it and {@code hessian2} with the others.
 *
 * <pre>
 * java ... OrderConsumer --registry=zookeeper://127.0.0.1:2181 [--provider=order-provider] [--calls=100]
 * </pre>
 */
public final class OrderConsumer implements AutoCloseable {

    private final DubboBootstrap bootstrap;

    /** A consumer application; {@code qosPort} (or null) opens Dubbo's QoS port on 127.0.0.1. */
    public OrderConsumer(String registryAddress, Integer qosPort) {
        bootstrap = DubboBootstrap.getInstance()
                .application(application("order-consumer", qosPort))
                .registry(new RegistryConfig(registryAddress))
                .start();
    }

    /**
     * The application config of the demo's JVMs: {@code qosPort} (or null: QoS stays off, as dubbo.properties says)
     * opens Dubbo's QoS port on loopback only, where {@code hessian2Time} and Dubbo's own commands answer.
     */
    public static ApplicationConfig application(String name, Integer qosPort) {
        ApplicationConfig application = new ApplicationConfig(name);
        if (qosPort != null) {
            application.setQosEnable(true);
            application.setQosHost("127.0.0.1");
            application.setQosPort(qosPort);
            application.setQosAcceptForeignIp(false);
        }
        return application;
    }

    /** A reference as any user would write it: the provider's {@code prefer-serialization} picks the format. */
    public OrderService connect(String providerGroup) {
        ReferenceConfig<OrderService> reference = new ReferenceConfig<>();
        reference.setInterface(OrderService.class);
        reference.setGroup(providerGroup);
        reference.setTimeout(15_000);
        bootstrap.reference(reference);
        return reference.get();
    }

    @Override
    public void close() {
        bootstrap.stop();
    }

    public static void main(String[] args) throws Exception {
        DubboOnNewerJdks.preferFastjson2ForDubboJson();
        OptionParser parser = new OptionParser();
        OptionSpec<String> registryOption = parser.accepts("registry").withRequiredArg()
                .defaultsTo("zookeeper://127.0.0.1:2181");
        OptionSpec<String> providerOption = parser.accepts("provider").withRequiredArg().defaultsTo("order-provider");
        OptionSpec<Integer> callsOption = parser.accepts("calls").withRequiredArg().ofType(Integer.class)
                .defaultsTo(100);
        OptionSet options = parser.parse(args);
        String registry = options.valueOf(registryOption);
        String provider = options.valueOf(providerOption);
        int calls = options.valueOf(callsOption);

        int exitStatus;
        try (OrderConsumer consumer = new OrderConsumer(registry, null)) {
            OrderService orders = consumer.connect(provider);
            System.out.println("first order back from " + provider + ": " + orders.place(SampleOrders.order(1)));
            ConcurrentCalls.Outcome outcome = new ConcurrentCalls(16).run(orders, Payload.ORDER, 1, calls);
            System.out.printf("%d calls, %d came back equal, %d different, %d failed%s%n", outcome.calls(),
                    outcome.equal(), outcome.different(), outcome.failed(),
                    outcome.firstProblem() == null ? "" : "; first problem: " + outcome.firstProblem());
            exitStatus = outcome.allEqual() ? 0 : 1;
        }
        System.exit(exitStatus);
    }
}
