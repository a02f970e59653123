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

import java.util.Map;

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

    public OrderConsumer(String registryAddress) {
        bootstrap = DubboBootstrap.getInstance()
                .application(new ApplicationConfig("order-consumer"))
                .registry(new RegistryConfig(registryAddress))
                .start();
    }

    /** A reference as any user would write it: the provider's {@code prefer-serialization} picks the format. */
    public OrderService connect(String providerGroup) {
        return reference(providerGroup, Map.of());
    }

    /**
     * For the comparison only: a reference that sends plain {@code hessian2} even to a provider preferring
     * {@code hessian2-time} (a consumer-side parameter overrides the provider's), to measure both formats against
     * the same provider.
     */
    public OrderService connectWithHessian2Only(String providerGroup) {
        return reference(providerGroup, Map.of("prefer.serialization", "hessian2"));
    }

    private OrderService reference(String providerGroup, Map<String, String> parameters) {
        ReferenceConfig<OrderService> reference = new ReferenceConfig<>();
        reference.setInterface(OrderService.class);
        reference.setGroup(providerGroup);
        reference.setTimeout(15_000);
        reference.setParameters(parameters);
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
        try (OrderConsumer consumer = new OrderConsumer(registry)) {
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
