// A buyer the checkout accepts: the server tests' orders and the benches' ready carts send it.

export const validCustomer = {
  name: 'Maria',
  lastname: 'Silva',
  email: 'maria@example.com',
  document_type: 'cpf',
  cpf: '123.456.789-09',
  country: 'br',
  phone: '+5511987654321',
  accepted_terms: true,
};

export const validAddress = {
  street: 'Avenida Paulista',
  street_number: '1000',
  zipcode: '01310-100',
  city: 'São Paulo',
  state: 'SP',
  country: 'br',
};
