package io.github.hessiantime.migration;

/** The service of the playbook test: an order goes out, the provider's own order comes back. */
public interface OrderBook {
    Order place(Order order);
}
